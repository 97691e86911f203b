export const label = 'label';
