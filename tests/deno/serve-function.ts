// Serves one edge function's handler under Deno, as hosted Supabase runs it (its deno.json import
// map, the supabase-js it pins, Deno's own fetch and WebSocket), on 127.0.0.1:<port>:
//
//   deno run --allow-net --allow-env --config supabase/functions/<name>/deno.json \
//     tests/deno/serve-function.ts <name> <port>
//
// The entry points (supabase/functions/<name>/index.ts) do the same with Deno.serve's defaults
// (every interface, port 8000), which tests must not use; `deno check` covers them.
declare const Deno: {
  args: string[];
  env: { get(name: string): string | undefined };
  serve(
    options: { hostname: string; port: number; onListen(): void },
    handler: (req: Request) => Promise<Response>,
  ): unknown;
};

const [name, port] = Deno.args;
const { createHandler } = (await import(`../../supabase/functions/${name}/handler.ts`)) as {
  createHandler(env: Record<string, unknown>): (req: Request) => Promise<Response>;
};
Deno.serve(
  {
    hostname: '127.0.0.1',
    port: Number(port),
    onListen: () => console.log('listening'),
  },
  createHandler({
    supabaseUrl: Deno.env.get('SUPABASE_URL'),
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    openaiBaseUrl: Deno.env.get('OPENAI_BASE_URL'),
    siteUrl: Deno.env.get('SITE_URL'),
  }),
);

export {};
