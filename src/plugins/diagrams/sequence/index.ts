/**
 * Sequence diagrams, laid out and drawn here in beautiful-mermaid's style
 * (same shapes, classes and colour variables) but to a width: its own
 * layout spaces lifelines by the participants' names only, so long message
 * labels run over the lifelines, notes stick out past the first lane, and a
 * diagram of three participants is never narrower than 420 px.
 *
 * Here every label fits between the lifelines it joins, every note between
 * the lanes it covers, and labels wrap (wrap.ts) when the diagram would be
 * wider than `maxWidth`: the same diagram drawn for the desktop column and
 * for a phone. The syntax is beautiful-mermaid's (its parser's rules); draw.ts
 * checks that both read the same participants and messages.
 *
 * parse.ts reads the text, layout.ts places the lifelines, draw.ts draws.
 */
export {parseSequence, type Actor, type Sequence, type SequenceEvent} from './parse';
export {DESKTOP_STYLE, PHONE_STYLE, type SequenceStyle} from './layout';
export {drawSequence, type DrawnSequence} from './draw';
