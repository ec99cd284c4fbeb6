import type { RendererSettings } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';
import { ACK_EVERY_CHARS } from '../core/flow-control';

/** What the page gets of the config; the browser harness serves the same. */
export function rendererSettings(config: RipcordConfig, problems: string[], settingsFile: string): RendererSettings {
  return {
    fontFamily: config.fontFamily,
    fontSize: config.fontSize,
    theme: config.theme,
    themeMode: config.themeMode,
    minimumContrastRatio: config.minimumContrastRatio,
    scrollback: config.scrollback,
    copyOnSelect: config.copyOnSelect,
    screenReaderMode: config.screenReaderMode,
    allowClipboardWrite: config.allowClipboardWrite,
    ackEveryChars: ACK_EVERY_CHARS,
    doubleCtrlC: config.doubleCtrlC,
    paceBackgroundPanes: config.paceBackgroundPanes,
    keybindings: config.keybindings,
    problems,
    settingsFile,
    profiles: Object.entries(config.profiles).map(([name, profile]) => ({ name, program: profile.program, color: profile.color })),
    defaultProfile: config.defaultProfile,
  };
}
