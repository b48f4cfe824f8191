/**
 * The Dockerfile's runtime stage, replayed without a Docker engine: a clean folder with only
 * production dependencies (installed as the image installs them) and the files the image copies.
 * The production install takes a minute, and the image's jemalloc is a Debian package here, so a
 * test that uses it runs in `npm run validate`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ROOT } from './stack'
import { validateTierOnly } from './tier'

export type RuntimeStage = {
  copies: Array<{ from: string; source: string; target: string }>
  /** the runtime stage's ENV settings */
  env: Record<string, string>
  cmd: string[]
  healthcheck: string[]
  /** what the prod-deps stage copies from the build context before it installs */
  installFiles: string[]
  /** the prod-deps stage's install, one shell command per step */
  install: string[]
}

/**
 * The deps stage's node_modules is this checkout's: both are `npm ci --include=dev` of the same
 * lock file and patches/. A RUN step's `--mount=type=bind,from=deps,source=/app/node_modules`
 * reads it here.
 */
function replayMounts(run: string) {
  let command = run
  for (const [flag, options] of run.matchAll(/--mount=(\S+)\s*/g)) {
    const option = Object.fromEntries(options!.split(',').map((pair) => pair.split('=')))
    if (option.from !== 'deps' || option.source !== '/app/node_modules') {
      throw new Error(`The replay knows no mount like ${flag}`)
    }
    command = command.replace(flag!, '').replaceAll(option.target!, path.join(ROOT, 'node_modules'))
  }
  return command
}

export function readRuntimeStage(): RuntimeStage {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ')
  const stages = text.split(/^FROM /m)
  const last = stages[stages.length - 1]!
  const prodDeps = stages.find((stage) => / AS prod-deps\n/.test(stage))!
  const installFiles = [...prodDeps.matchAll(/^COPY (?!--from)(.*) \S+$/gm)].flatMap((match) =>
    match[1]!.split(' '),
  )
  const install = replayMounts(/^RUN (.*)$/m.exec(prodDeps)![1]!)
    .split('&&')
    .map((step) => step.trim())
  const copies = [...last.matchAll(/^COPY --from=(\S+)(?: --chown=\S+)? (\S+) (\S+)$/gm)].map(
    (match) => ({
      from: match[1]!,
      source: match[2]!,
      target: match[3]!,
    }),
  )
  const env = Object.fromEntries(
    [...last.matchAll(/^ENV (.*)$/gm)].flatMap((match) =>
      // NAME=value pairs; a value may be quoted and hold '=' and spaces (NODE_OPTIONS).
      [...match[1]!.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(
        ([, name, value]) => [name!, value!.replace(/^"|"$/g, '')] as [string, string],
      ),
    ),
  )
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(last)![1]!) as string[]
  const healthcheck = JSON.parse(/^HEALTHCHECK .*? CMD (\[.*\])$/m.exec(last)![1]!) as string[]
  return { copies, env, cmd, healthcheck, installFiles, install }
}

/**
 * The image's jemalloc, or the same Debian package's file on this machine (the image links it
 * under /usr/local/lib for any CPU; the test tools install the package).
 */
export function hostLibrary(imagePath: string | undefined) {
  if (!imagePath || fs.existsSync(imagePath)) return imagePath ?? ''
  return `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/${path.basename(imagePath)}`
}

/** Makes the image's folder from this checkout's build; `remove()` deletes it. */
export function replayImage(stage: RuntimeStage) {
  validateTierOnly("The Docker image's replay")
  const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-'))
  for (const { from, source, target } of stage.copies) {
    const relative = path.relative('/app', source)
    const destination = path.join(imageDir, target === './' ? relative : target)
    if (from === 'prod-deps') {
      for (const file of stage.installFiles) {
        fs.cpSync(path.join(ROOT, file), path.join(imageDir, file), { recursive: true })
      }
      // The prod-deps stage's install, from npm's local cache here; emptying the cache only
      // keeps it out of the image, and this machine's cache is shared.
      for (const step of stage.install.filter((step) => !step.startsWith('npm cache'))) {
        const run = spawnSync('sh', ['-c', step.replace(/\bnpm ci /, 'npm ci --prefer-offline ')], {
          cwd: imageDir,
          encoding: 'utf8',
          env: { ...process.env, NODE_ENV: 'production' },
        })
        if (run.status !== 0) throw new Error(`${step} failed:\n${run.stdout}${run.stderr}`)
      }
      for (const file of stage.installFiles.filter((file) => file !== 'package.json')) {
        fs.rmSync(path.join(imageDir, file), { recursive: true })
      }
    } else {
      fs.cpSync(path.join(ROOT, relative), destination, { recursive: true })
    }
  }
  return { dir: imageDir, remove: () => fs.rmSync(imageDir, { recursive: true, force: true }) }
}
