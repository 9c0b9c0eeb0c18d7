/** The article's tables wider than the page: the same code their component uses elsewhere. */
import enhanceTable, {TABLE_BOX_SELECTOR} from '@site/src/lib/enhance-table';
import {eachIn, type Behaviour} from './behaviour';

const tables: Behaviour = (root) => eachIn(root, TABLE_BOX_SELECTOR, enhanceTable);

export default tables;
