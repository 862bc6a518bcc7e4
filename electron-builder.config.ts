import type { Configuration } from 'electron-builder';

/**
 * Installers for `npm run dist`: what goes into the app, which installers each OS gets, and the
 * Electron fuses flipped in the packaged binary. packaging-config.test.ts checks the security
 * parts, since the packager itself cannot run without downloading Electron.
 */
const config: Configuration = {
  appId: 'dev.gatehouse.desktop',
  productName: 'Gatehouse',
  directories: { output: 'dist' },
  // The electron-vite build, plus the Sandbox's sample clip (found by walking up from out/main).
  // Runtime dependencies come from package.json's "dependencies" as usual.
  files: ['out/**/*', 'resources/sandbox/**/*', 'package.json'],
  asar: true,
  electronFuses: {
    // ELECTRON_RUN_AS_NODE, NODE_OPTIONS and --inspect would each let anyone who can start the
    // app run their own code with its keychain access.
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    // Together: only the signed app.asar is loaded, and its contents are checked against the hash
    // embedded at build time.
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // The window comes from the gatehouse-app: scheme; file: pages get nothing extra.
    grantFileProtocolExtraPrivileges: false,
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    maintainer: 'Gatehouse',
    artifactName: '${productName}-${version}-${arch}.${ext}',
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
  },
  win: {
    target: ['nsis'],
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
};

export default config;
