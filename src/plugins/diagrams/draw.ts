/**
 * One diagram from Mermaid text to the SVG a page inlines, with what the
 * checks found: the steps the remark plugin and scripts/diagrams.ts share.
 */
import {droppedNotes, labelsThatDoNotFit} from './fit';
import {renderMermaid} from './render';
import {inlineSvg, type InlineSvg} from './svg';

/** Colours are CSS variables that src/css/custom.css defines from Infima's. */
export const RENDER_OPTIONS = {bg: 'var(--bg)', fg: 'var(--fg)', transparent: true};

/** `problems`: labels that do not fit in Noto Sans SC, and notes the renderer left out. */
export type Drawing = InlineSvg & Readonly<{problems: readonly string[]}>;

/** Throws when the renderer cannot parse `source`. */
export async function drawDiagram(source: string): Promise<Drawing> {
  const raw = await renderMermaid(source, RENDER_OPTIONS);
  const problems = [...labelsThatDoNotFit(raw), ...droppedNotes(source, raw)];
  return {...inlineSvg(raw, source), problems};
}
