// GET /v1/me as a Node developer would write it, the peer Roam's gateway is measured against
// (roam-bench gateway): node:http in PEER_WORKERS processes (node:cluster), the token's Ed25519
// signature and expiry checked with node:crypto (what the `jose` package does on Node), and one
// primary-key read with `pg` (Debian's node-pg) from a pool per process.
//   PEER_PORT, PEER_WORKERS, PEER_DATABASE_URL, PEER_PUBLIC_KEY (the raw key, base64url)
const cluster = require('node:cluster');
const http = require('node:http');
const crypto = require('node:crypto');
const { Pool } = require('pg');

const workers = Number(process.env.PEER_WORKERS || 2);
if (cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', () => process.exit(1));
} else {
  const key = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: process.env.PEER_PUBLIC_KEY }, format: 'jwk' });
  const pool = new Pool({ connectionString: process.env.PEER_DATABASE_URL, max: 10 });
  const problem = (response, status, reason) => {
    response.writeHead(status, { 'content-type': 'application/problem+json' });
    response.end(JSON.stringify({ status, reason }));
  };
  const subject = (header) => {
    const parts = (header || '').replace(/^Bearer /, '').split('.');
    if (parts.length !== 3) return null;
    try {
      const signature = Buffer.from(parts[2], 'base64url');
      if (!crypto.verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), key, signature)) return null;
      const claims = JSON.parse(Buffer.from(parts[1], 'base64url'));
      return claims.exp > Date.now() / 1000 ? claims.sub : null;
    } catch {
      return null;
    }
  };
  http.createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url !== '/v1/me') return problem(response, 404, 'NOT_FOUND');
    const id = subject(request.headers.authorization);
    if (!id) return problem(response, 401, 'INVALID_TOKEN');
    try {
      const { rows } = await pool.query('SELECT id, username, display_name, email, created_at FROM peers.users WHERE id = $1', [id]);
      if (rows.length === 0) return problem(response, 404, 'NOT_FOUND');
      const user = rows[0];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({
        userId: user.id, username: user.username, displayName: user.display_name, email: user.email,
        createdAt: user.created_at.toISOString(),
      }));
    } catch (error) {
      problem(response, 503, 'DATABASE_UNAVAILABLE');
    }
  }).listen(Number(process.env.PEER_PORT), '127.0.0.1');
}
