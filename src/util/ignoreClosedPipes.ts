/**
 * A reader that stops early (`mor-throughput --help | head`) closes its pipe, and every later
 * write fails with EPIPE, an 'error' event that would end the process with a stack trace. Output
 * nobody reads is not an error of ours: the command goes on and exits as it would have. Any other
 * error of the stream is still thrown.
 */
export function ignoreClosedPipes(...streams: NodeJS.WriteStream[]): void {
  for (const stream of streams)
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
      throw error;
    });
}
