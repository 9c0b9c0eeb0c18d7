/**
 * Reads a `sequenceDiagram` by beautiful-mermaid's parser's rules: the
 * participants in order of first mention, and the events between them.
 */
export type Actor = Readonly<{id: string; label: string; type: 'participant' | 'actor'}>;

export type Message = Readonly<{
  kind: 'message';
  from: string;
  to: string;
  label: string;
  dashed: boolean;
  open: boolean;
  activate: boolean;
  deactivate: boolean;
}>;
export type Note = Readonly<{
  kind: 'note';
  position: 'left' | 'right' | 'over';
  actors: string[];
  text: string;
}>;
export type BlockStart = Readonly<{kind: 'start'; type: string; label: string}>;
export type Divider = Readonly<{kind: 'divider'; label: string}>;
export type Activation = Readonly<{kind: 'activate' | 'deactivate'; actor: string}>;

export type SequenceEvent =
  Message | Note | BlockStart | Divider | Readonly<{kind: 'end'}> | Activation;

export type Sequence = Readonly<{actors: Actor[]; events: SequenceEvent[]}>;

/** `<br>` → line break, surrounding double quotes dropped (beautiful-mermaid's normalizeBrTags). */
function label(raw: string): string {
  const text = raw.trim();
  const unquoted = text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
  return unquoted.replace(/<br\s*\/?>/gi, '\n').replace(/\\n/g, '\n');
}

const ACTOR = /^(participant|actor)\s+(\S+?)(?:\s+as\s+(.+))?$/;
const NOTE = /^Note\s+(left of|right of|over)\s+([^:]+):\s*(.+)$/i;
const BLOCK = /^(loop|alt|opt|par|critical|break|rect)\b\s*(.*)$/;
const DIVIDER = /^(else|and|option)\b\s*(.*)$/;
const MESSAGE = /^(\S+?)\s*(-->>|->>|--\)|-\)|--x|-x|-->|->)\s*([+-]?)(\S+?)\s*:\s*(.+)$/;
const ACTIVATION = /^(activate|deactivate)\s+(\S+)$/;

/** Reads a `sequenceDiagram`; throws, naming the line, on what it does not know. */
export function parseSequence(source: string): Sequence {
  const actors: Actor[] = [];
  const events: SequenceEvent[] = [];
  const known = new Set<string>();
  const ensure = (id: string) => {
    if (!known.has(id)) {
      known.add(id);
      actors.push({id, label: id, type: 'participant'});
    }
  };
  let depth = 0;
  const lines = source.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('%%') || /^sequenceDiagram$/.test(line)) return;
    let m: RegExpExecArray | null;
    if ((m = ACTOR.exec(line))) {
      const id = m[2] ?? '';
      if (!known.has(id)) {
        known.add(id);
        actors.push({
          id,
          label: label(m[3] ?? id),
          type: m[1] === 'actor' ? 'actor' : 'participant',
        });
      }
    } else if ((m = NOTE.exec(line))) {
      const ids = (m[2] ?? '').split(',').map((s) => s.trim());
      ids.forEach(ensure);
      const where = (m[1] ?? '').toLowerCase();
      const position = where === 'left of' ? 'left' : where === 'right of' ? 'right' : 'over';
      events.push({kind: 'note', position, actors: ids, text: label(m[3] ?? '')});
    } else if ((m = BLOCK.exec(line))) {
      depth += 1;
      events.push({kind: 'start', type: m[1] ?? '', label: label(m[2] ?? '')});
    } else if ((m = DIVIDER.exec(line)) && depth > 0) {
      events.push({kind: 'divider', label: label(m[2] ?? '')});
    } else if (line === 'end' && depth > 0) {
      depth -= 1;
      events.push({kind: 'end'});
    } else if ((m = MESSAGE.exec(line))) {
      const [, from = '', arrow = '', mark, to = ''] = m;
      ensure(from);
      ensure(to);
      events.push({
        kind: 'message',
        from,
        to,
        label: label(m[5] ?? ''),
        dashed: arrow.startsWith('--'),
        open: !arrow.includes('>>') && !arrow.includes('x'),
        activate: mark === '+',
        deactivate: mark === '-',
      });
    } else if ((m = ACTIVATION.exec(line))) {
      ensure(m[2] ?? '');
      events.push({kind: m[1] === 'activate' ? 'activate' : 'deactivate', actor: m[2] ?? ''});
    } else {
      throw new Error(`sequence diagram line ${index + 1}: "${line}" is not understood here`);
    }
  });
  if (depth > 0) throw new Error(`sequence diagram: ${depth} block(s) without "end"`);
  return {actors, events};
}
