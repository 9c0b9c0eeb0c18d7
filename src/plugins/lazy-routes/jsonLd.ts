/** The JSON-LD of a built page: the text of its first `application/ld+json` script. */
import {Parser} from 'htmlparser2';

export function pageJsonLd(page: string): string | undefined {
  let inScript = false;
  let text = '';
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        inScript =
          found === undefined && name === 'script' && attributes.type === 'application/ld+json';
        text = '';
      },
      ontext(data) {
        if (inScript) text += data;
      },
      onclosetag() {
        if (inScript) found = text;
        inScript = false;
      },
    },
    {decodeEntities: false},
  );
  parser.end(page);
  return found;
}
