export declare function arenaCappedEnv(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: string,
  glibcVersion: string | undefined
): NodeJS.ProcessEnv | null
export declare function glibcVersion(): string | undefined
export declare function transparentHugePages(): string | undefined
export declare function hugePageEnv(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: string,
  glibcVersion: string | undefined,
  thp: string | undefined
): NodeJS.ProcessEnv | null
export declare function runInChild(env: NodeJS.ProcessEnv, options?: { ipc?: boolean }): void
