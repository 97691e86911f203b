export const part = 'part';
