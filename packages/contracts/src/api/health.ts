/** GET /api/health: whether the server and its database answer (a load balancer's and the console's check). */
export interface HealthReport {
  status: 'ok' | 'error';
  database: 'up' | 'down';
}
