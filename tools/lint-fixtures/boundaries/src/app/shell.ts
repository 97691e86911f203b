export const shell = 'shell';
