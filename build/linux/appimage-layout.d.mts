export function appImageElectronName(executableName: string): string;
export function packsAppImageAlone(targets: ReadonlyArray<{ name: string }>): boolean;
export function makeAppImageLayout(appOutDir: string, executableName: string): Promise<void>;
export function linuxPasses(targets: readonly string[]): string[][];
