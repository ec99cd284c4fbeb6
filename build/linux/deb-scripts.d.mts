export const UPSTREAM_AFTER_INSTALL: string;
export const RIPCORD_AFTER_INSTALL: string;
export function afterInstallScript(): string;
export function writeAfterInstall(): string;
