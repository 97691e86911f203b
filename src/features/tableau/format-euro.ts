/** Euro amounts as the page's language writes them, from the server's decimal text (no float sums). */
export function formatEuro(decimal: string, locale: string): string {
  const [euros = '0', cents = '00'] = decimal.split('.');
  const separator = locale.startsWith('de') ? ',' : '.';
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, locale.startsWith('de') ? '.' : ',');
  return `${grouped}${separator}${cents} €`;
}
