/**
 * Client module (evaluated with main.js, before React hydrates): keeps a
 * reference to this page's article element under the page's route path.
 */
import {setArticle} from '@site/src/lib/article-store';
import {currentRoutePath} from '@site/src/lib/route-files';
import {ARTICLE_SELECTOR} from '../selectors';

const article = typeof document === 'undefined' ? null : document.querySelector(ARTICLE_SELECTOR);
if (article) setArticle(currentRoutePath(), article);
