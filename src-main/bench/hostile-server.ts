import { hostileGateway } from '../test-support/hostile-gateway';

/** The hostile gateway in a process of its own, for `npm run bench` (hostile-bench.ts). */
const gateway = await hostileGateway();
console.log(`listening: ${gateway.host}`);
