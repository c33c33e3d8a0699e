import { relayDetector } from './relay.js';

export default relayDetector('relayOverTls', 'tls');
