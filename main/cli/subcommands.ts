// Every `ripcord` subcommand but `run`, bundled on its own (dist/subcommands.js): cli.js loads
// it only when one of them is asked for, so `ripcord run`'s first prompt never waits for their
// code (the transcript renderer alone brings xterm's headless parser) to be read and compiled.
export { runStats } from './stats';
export { launchDesktop } from './desktop-launcher';
export { runDoctor } from './doctor';
export { runPs, runStop } from './control-commands';
export { runLast } from './last-command';
