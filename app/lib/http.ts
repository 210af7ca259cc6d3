/**
 * Stops a loader with an HTTP error when a condition fails: the route's error page shows a friendly
 * message (never a stack) with the right status.
 */
export function invariantResponse(condition: unknown, message: string, status = 404): asserts condition {
  if (!condition) {
    throw new Response(JSON.stringify({ error: { status, message } }), {
      status,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  }
}
