import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import Metadata from '@theme-original/BlogPostPage/Metadata';
import {postCardAlt} from '@site/src/plugins/social-cards/client/alt';

/** Wrapped: the post's social card gets an alt text (3.7.0 writes none). */
export default function MetadataWrapper(): ReactNode {
  const {metadata} = useBlogPost();
  const {siteConfig} = useDocusaurusContext();
  return (
    <>
      <Metadata />
      <Head>
        <meta
          property="og:image:alt"
          content={postCardAlt(metadata.title, siteConfig.title, metadata.date)}
        />
      </Head>
    </>
  );
}
