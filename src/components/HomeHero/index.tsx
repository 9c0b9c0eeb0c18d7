import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

export default function HomeHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={`hero hero--primary ${styles.hero}`}>
      <div className="container">
        <Heading as="h1" className="hero__title">
          {siteConfig.title}
        </Heading>
        <p className="hero__subtitle">{siteConfig.tagline}</p>
        <p className={styles.intro}>
          <Translate id="home.hero.intro">
            这里是林深的技术笔记：写 MCP 协议和它的服务器注册中心，写 iSCSI 存储和 OpenWrt
            无线中继。每篇都从“为什么”讲到“怎么验证”，命令和示例都能直接照着做。
          </Translate>
        </p>
        <div className={styles.buttons}>
          <Link className="button button--secondary button--lg" to="/blog">
            <Translate id="home.hero.blog">读博客</Translate>
          </Link>
          <Link className={`button button--outline button--lg ${styles.outline}`} to="/docs/intro">
            <Translate id="home.hero.tutorial">看本站教程</Translate>
          </Link>
        </div>
      </div>
    </header>
  );
}
