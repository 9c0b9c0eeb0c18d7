import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

type Card = {to: string; title: ReactNode; body: ReactNode};

const cards: Card[] = [
  {
    to: '/docs/tutorial-basics/create-a-blog-post',
    title: <Translate id="home.tutorial.post.title">写一篇博文</Translate>,
    body: (
      <Translate id="home.tutorial.post.body">
        文件怎么命名、作者怎么登记、摘要在哪里截断。
      </Translate>
    ),
  },
  {
    to: '/docs/tutorial-basics/markdown-features',
    title: <Translate id="home.tutorial.markdown.title">Markdown 与 MDX</Translate>,
    body: (
      <Translate id="home.tutorial.markdown.body">
        代码块、提示框、选项卡和 React 组件在本站的实际效果。
      </Translate>
    ),
  },
  {
    to: '/docs/tutorial-basics/deploy-your-site',
    title: <Translate id="home.tutorial.deploy.title">部署本站</Translate>,
    body: (
      <Translate id="home.tutorial.deploy.body">
        从 GitHub Actions 到 GitHub Pages，以及自建 nginx 的配置。
      </Translate>
    ),
  },
];

export default function TutorialCards(): ReactNode {
  return (
    <div className="row">
      {cards.map((card) => (
        <div key={card.to} className="col col--4">
          <Link to={card.to} className={`card padding--lg ${styles.card}`}>
            <Heading as="h3">{card.title}</Heading>
            <p className={styles.body}>{card.body}</p>
          </Link>
        </div>
      ))}
    </div>
  );
}
