/** A `search` of a list as an ILIKE pattern: contains the text, with `%` and `_` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
