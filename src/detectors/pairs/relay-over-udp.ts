import { relayDetector } from './relay.js';

export default relayDetector('relayOverUdp', 'udp');
