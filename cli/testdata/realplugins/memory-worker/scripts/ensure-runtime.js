// Installs the Bun runtime the worker needs, once, if it is missing.
const { execSync } = require('child_process');
const { existsSync } = require('fs');
const { join } = require('path');
const os = require('os');
const bunPath = join(os.homedir(), '.bun', 'bin', 'bun');
if (!existsSync(bunPath)) {
  execSync('curl -fsSL https://bun.sh/install | bash', { stdio: 'inherit' });
}
