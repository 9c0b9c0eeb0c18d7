import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeHero from '@site/src/components/HomeHero';
import PostList from '@site/src/components/PostList';
import TutorialCards from '@site/src/components/TutorialCards';
import homeData from '@generated/recent-posts/default/home.json';
import styles from './index.module.css';

export default function Home(): ReactNode {
  const {recent, featuredSeries, moreSeries} = homeData;
  return (
    <Layout
      description={translate({
        id: 'home.meta.description',
        message:
          '栈底笔记：林深的简体中文技术博客，讲 MCP 协议与服务器注册中心、iSCSI 存储和 OpenWrt 无线中继，附本站的写作与部署教程。',
      })}>
      <HomeHero />
      <main className={styles.main}>
        <section className={`container ${styles.section}`} aria-labelledby="series">
          <Heading as="h2" id="series">
            {featuredSeries.title}
          </Heading>
          <p>{featuredSeries.description}</p>
          <PostList posts={featuredSeries.parts} ordered />
          <Heading as="h3" id="more-series">
            {translate({id: 'home.series.more', message: '更多系列'})}
          </Heading>
          <ul>
            {moreSeries.map(({title, count, first}) => (
              <li key={first.permalink}>
                <Translate
                  id="home.series.link"
                  values={{
                    title: <Link to={first.permalink}>{title}</Link>,
                    count,
                  }}>
                  {'{title}（共 {count} 篇）'}
                </Translate>
              </li>
            ))}
          </ul>
        </section>
        <section className={`container ${styles.section}`} aria-labelledby="recent">
          <Heading as="h2" id="recent">
            {translate({id: 'home.recent.title', message: '最新文章'})}
          </Heading>
          <PostList posts={recent} />
          <p>
            <Link to="/blog/archive">
              <Translate id="home.recent.archive">按时间查看全部文章</Translate>
            </Link>
          </p>
        </section>
        <section className={`container ${styles.section}`} aria-labelledby="tutorial">
          <Heading as="h2" id="tutorial">
            {translate({id: 'home.tutorial.title', message: '本站教程'})}
          </Heading>
          <p>
            <Translate id="home.tutorial.lead">
              这个站点本身也是一份教程：从新建页面到部署上线，每一步都用本站的真实配置来讲。
            </Translate>{' '}
            <Link to="/docs/intro">
              <Translate id="home.tutorial.start">从教程简介开始</Translate>
            </Link>
          </p>
          <TutorialCards />
        </section>
      </main>
    </Layout>
  );
}
