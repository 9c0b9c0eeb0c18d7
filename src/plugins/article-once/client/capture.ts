/**
 * Client module (evaluated with main.js, before React hydrates): keeps a
 * reference to this page's article element under the page's route path.
 */
import {captureArticle} from './store';
import {currentRoutePath} from '../../lazy-routes/client/lazyRoutes';

if (typeof document !== 'undefined') captureArticle(currentRoutePath(), document);
