import { codecTimeDetector } from './codec-time.js';

export default codecTimeDetector('highEncodeTime', 'outbound');
