/** The article's code blocks: the same code their component uses elsewhere. */
import enhanceCodeBlock from '@site/src/lib/enhance-code-block';
import {eachIn, type Behaviour} from './behaviour';

const codeBlocks: Behaviour = (root) => eachIn(root, '.theme-code-block', enhanceCodeBlock);

export default codeBlocks;
