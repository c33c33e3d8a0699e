import { relayDetector } from './relay.js';

export default relayDetector('relayOverTcp', 'tcp');
