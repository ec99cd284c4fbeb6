// `npm run dist`: ripcord's packages for this platform, never published. On Linux the AppImage
// is built in a pass of its own (build/linux/appimage-layout.mjs says why).
import { build, Platform } from 'electron-builder';
import config from './electron-builder.config.mjs';
import { linuxPasses } from './linux/appimage-layout.mjs';

if (process.platform === 'linux') {
  for (const targets of linuxPasses(config.linux.target)) {
    await build({ config, publish: 'never', targets: Platform.LINUX.createTarget(targets) });
  }
} else {
  await build({ config, publish: 'never' });
}
