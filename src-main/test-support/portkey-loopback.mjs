// Loaded with `node --import` into the Portkey gateway's process (portkey-gateway.ts), before its
// server starts. Portkey's Node server listens on every interface and takes no host option, so a
// listen without a host is bound to 127.0.0.1 here, and the port it got is sent to the parent.
// Tests must run offline: a connection to anything but loopback is refused and reported, so a
// gateway that tried to phone home would fail the test instead of hanging on it.
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number') {
    // listen(port), listen(port, callback) or listen(port, undefined, callback), as its server calls it
    if (args[1] === undefined) args[1] = '127.0.0.1';
    else if (typeof args[1] === 'function') args.splice(1, 0, '127.0.0.1');
  } else if (args[0] && typeof args[0] === 'object' && args[0].path === undefined && !args[0].host) {
    args[0] = { ...args[0], host: '127.0.0.1' };
  }
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.send?.({ listening: address });
  });
  return listen.apply(this, args);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = first && typeof first === 'object' ? first : { port: first, host: args[1] };
  const host = typeof options.host === 'string' ? options.host.replace(/^\[|\]$/g, '') : 'localhost';
  if (options.path === undefined && !LOOPBACK.has(host) && !host.startsWith('127.')) {
    process.send?.({ outbound: `${host}:${options.port}` });
    process.nextTick(() => this.destroy(new Error(`refused (tests run offline): ${host}`)));
    return this;
  }
  return connect.apply(this, args);
};
