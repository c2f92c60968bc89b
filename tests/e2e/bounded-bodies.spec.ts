import { once } from "node:events";
import net from "node:net";
import { expect, test } from "@playwright/test";

/*
 * Every body, on pages and on the API, is limited while it streams (1 MB; the upload reads its files itself,
 * each cut off at 10 MB): a 100 MB post is answered 413 before the store has read more than the limit, so a
 * few at once cannot grow the process. What the test measures is how much of the body the store took before
 * it answered: nothing when the size is announced, about the limit when it is not.
 */

const MB = 1024 * 1024;

type Post = { path: string; contentType: string };
const PAGE: Post = { path: "/contact", contentType: "application/x-www-form-urlencoded" };
const API: Post = { path: "/api/users/login", contentType: "application/json" };

/**
 * A raw POST of `size` bytes, written as fast as the store takes them (chunked when `announced` is false),
 * until the store answers or closes: what it answered and how many body bytes it had been sent by then.
 */
async function post(
  port: number,
  origin: string,
  { path, contentType }: Post,
  size: number,
  announced: boolean,
) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let received = "";
  let answered = false;
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
    answered = true;
  });
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}\r\nContent-Type: ${contentType}\r\n` +
      (announced ? `Content-Length: ${size}\r\n\r\n` : "Transfer-Encoding: chunked\r\n\r\n"),
  );
  const chunk = Buffer.alloc(64 * 1024, "a");
  const framed = announced
    ? chunk
    : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
  let sent = 0;
  // Announced, the answer comes before any body: wait for it first, as a client sending Expect would.
  if (announced) await Promise.race([closed, new Promise((resolve) => socket.once("data", resolve))]);
  while (!answered && !socket.destroyed && sent < size) {
    sent += chunk.length;
    if (!socket.write(framed))
      await new Promise((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
    // Reading while it writes, as a browser does: the answer is seen as soon as it arrives, also while the store
    // takes every byte sent (a body refused while it streams is drained, not read).
    else await new Promise((resolve) => setImmediate(resolve));
  }
  socket.end();
  await closed;
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), received, sent };
}

test("a 100 MB body announced by its Content-Length is refused with 413 before any of it is sent", async ({
  baseURL,
}) => {
  const { port, origin } = new URL(baseURL!);
  for (const target of [PAGE, API]) {
    const answer = await post(Number(port), origin, target, 100 * MB, true);
    expect(answer.status, target.path).toBe(413);
    expect(answer.sent, target.path).toBe(0);
    expect(answer.received.toLowerCase(), target.path).toContain("connection: close");
  }
});

test("a few 100 MB bodies streamed at once are each refused with 413 once past 1 MB, the rest unread", async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { port, origin } = new URL(baseURL!);
  const answers = await Promise.all(
    [PAGE, API, PAGE, API].map((target) => post(Number(port), origin, target, 100 * MB, false)),
  );
  for (const [index, answer] of answers.entries()) {
    const target = index % 2 ? API : PAGE;
    expect(answer.status, target.path).toBe(413);
    // The limit, and what the sockets' buffers held on the way, not the 100 MB.
    expect(answer.sent, target.path).toBeLessThan(8 * MB);
  }
  // The page's refusal is the store's error page; the API's, its envelope.
  expect(answers[0]!.received).toContain("The request body is too large.");
  expect(answers[1]!.received).toContain('"code":413');
  // And the store still answers.
  const health = await fetch(`${origin}/api/health`);
  expect(health.status).toBe(200);
});
