import { shell } from '../../app/shell';

export const bShell = shell;
