export const y = 'y';
