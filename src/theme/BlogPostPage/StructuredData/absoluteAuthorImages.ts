import useBaseUrl from '@docusaurus/useBaseUrl';

type Person = {'@type'?: unknown; image?: unknown};
type WithAuthor = {author?: Person | Person[]};

/**
 * 3.7.0 copies an author's `image_url` into JSON-LD as it is (`/img/…`), while
 * schema.org consumers need an absolute URL. The avatar on the page keeps the
 * relative URL, so readers never fetch it from the production host.
 */
export function useAbsoluteAuthorImages(): <T extends WithAuthor>(posting: T) => T {
  const origin = useBaseUrl('/', {absolute: true}).replace(/\/$/, '');
  const absolute = (person: Person): Person =>
    typeof person.image === 'string' && person.image.startsWith('/')
      ? {...person, image: `${origin}${person.image}`}
      : person;
  return (posting) =>
    posting.author === undefined
      ? posting
      : {
          ...posting,
          author: Array.isArray(posting.author)
            ? posting.author.map(absolute)
            : absolute(posting.author),
        };
}
