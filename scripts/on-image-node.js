// `node scripts/on-image-node.js <command> [args…]`: runs a command on the Docker image's Node
// release (the Dockerfile's tag), fetched first when this machine's own Node is another version.
// The package scripts that run the app or measure it go through here, so that what they show is
// what the image runs.
import { runOnImageNode } from './node-line.js'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/on-image-node.js <command> [args…]')
  process.exit(2)
}
process.exit(runOnImageNode(command, args))
