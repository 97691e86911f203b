export declare const CHROMIUM_PATH: string;
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };
