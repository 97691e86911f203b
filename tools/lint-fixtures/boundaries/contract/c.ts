export const c = 'c';
