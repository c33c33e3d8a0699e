import { rttDetector } from './round-trip-time.js';

export default rttDetector('highIncomingRoundTripTime', 'inbound');
