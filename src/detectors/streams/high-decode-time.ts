import { codecTimeDetector } from './codec-time.js';

export default codecTimeDetector('highDecodeTime', 'inbound');
