// Whether the desktop app can start here, decided before Electron starts (docs/troubleshooting.md):
// Chromium aborts before any of ripcord runs when it is root without --no-sandbox, or when it
// has neither a setuid-root chrome-sandbox nor user namespaces — so the launcher refuses exactly
// those, names the cause and the fix for this kind of install, and never turns the sandbox off
// on its own.
import type { PackageFormat, StartFacts } from './start-facts';

export type StartVerdict = { start: true; how: string } | { start: false; cause: string; fix: string[] };

export function startVerdict(facts: StartFacts): StartVerdict {
  if (facts.noSandbox) return { start: true, how: "Chromium's sandbox is off: --no-sandbox was given" };
  if (facts.root) {
    return {
      start: false,
      cause: 'ripcord runs as root, and Chromium refuses to start its sandbox as root',
      fix: [
        'Start ripcord as your own user; or, as root, pass --no-sandbox yourself ("ripcord --no-sandbox"): the window then runs without Chromium\'s sandbox.',
      ],
    };
  }
  if (facts.sandboxHelper.setuidRoot)
    return { start: true, how: `Chromium's setuid sandbox (${facts.sandboxHelper.path}, root:root 4755)` };
  if (facts.userns.ok) {
    const profile =
      facts.apparmorProfile.grantsUserns && facts.sysctls['kernel.apparmor_restrict_unprivileged_userns'] === '1'
        ? ` (allowed for ${facts.electron} by the AppArmor profile ${facts.apparmorProfile.path})`
        : '';
    return { start: true, how: `Chromium's namespace sandbox: user namespaces work${profile}` };
  }
  return {
    start: false,
    cause: `Chromium's sandbox cannot start: ${facts.sandboxHelper.path} is not root:root 4755 (${facts.sandboxHelper.state}), and user namespaces do not work for ${facts.electron} (${facts.userns.error})${usernsCause(facts)}`,
    fix: fixFor(facts.format, facts),
  };
}

/** Which sysctl says no, as a sentence; empty when none does. */
function usernsCause(facts: StartFacts): string {
  const { sysctls } = facts;
  const causes: string[] = [];
  if (sysctls['kernel.apparmor_restrict_unprivileged_userns'] === '1') {
    const profile = facts.apparmorProfile.present
      ? `; the AppArmor profile ${facts.apparmorProfile.path} is there but does not take effect`
      : '';
    causes.push(`AppArmor allows them only to programs its profiles name (kernel.apparmor_restrict_unprivileged_userns = 1${profile})`);
  }
  if (sysctls['kernel.unprivileged_userns_clone'] === '0')
    causes.push('the kernel allows them only to root (kernel.unprivileged_userns_clone = 0)');
  if (sysctls['user.max_user_namespaces'] === '0') causes.push('they are turned off (user.max_user_namespaces = 0)');
  return causes.length === 0 ? '' : `: ${causes.join('; ')}`;
}

function fixFor(format: PackageFormat, facts: StartFacts): string[] {
  const helper = facts.sandboxHelper.path;
  const chown = `sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'`;
  switch (format) {
    case 'deb':
      return facts.apparmorProfile.present
        ? [
            `Load the package's AppArmor profile: sudo apparmor_parser -r '${facts.apparmorProfile.path}'`,
            'or reinstall the .deb (sudo apt install --reinstall ripcord), whose install loads it.',
          ]
        : [
            'Reinstall the .deb (sudo apt install --reinstall ripcord): its install sets chrome-sandbox up and loads an AppArmor profile that allows ripcord user namespaces.',
          ];
    case 'tar':
      return [`Make the sandbox helper setuid root: ${chown}`, 'or install the .deb, which sets this up itself.'];
    case 'checkout':
      return [
        `Make the sandbox helper of the Electron that npm installed setuid root: ${chown}`,
        '(npm ci installs it again as it was: repeat this after each npm ci.)',
      ];
    case 'appimage':
      return [
        'Not possible for the AppImage: it is mounted nosuid, so its chrome-sandbox can never be setuid root. Install the .deb or the .tar.gz instead.',
      ];
  }
}

/** The verdict as lines for a terminal, the log and a notification. */
export function describeVerdict(verdict: StartVerdict): string {
  if (verdict.start) return `the desktop app can start: ${verdict.how}`;
  return [
    `ripcord: the desktop app cannot start here: ${verdict.cause}.`,
    ...verdict.fix.map((line) => `  ${line}`),
    '  ripcord does not turn Chromium\'s sandbox off by itself. "ripcord run [--] COMMAND..." works in any terminal.',
  ].join('\n');
}
