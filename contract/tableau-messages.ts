/**
 * Texts the server sends about the tableau library: folders, articles, part images and panel
 * templates (docs/tableau.md). Apart from the core MSG (messages.ts) so that their translations
 * load with the lift screens (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const TABLEAU_MSG = {
  folderNotFound: 'Folder not found',
  folderCannotDelete: "The Folder can't delete",
  folderNotYours: 'Only the owner of a folder may change whether it is public',
  subfolderNotFound: 'Article not found',
  articleNumberTaken: 'This article number is already used in this folder',
  priceInvalid: 'Enter the price in euros, e.g. 12.50',
  resourceNotFound: 'Part image not found',
  templateNotFound: 'Template not found',
  layoutInvalid: 'The layout is not valid',
  layoutUnknownArticle: 'This article does not exist',
  layoutDuplicateElement: 'Two elements have the same id',
} as const;
