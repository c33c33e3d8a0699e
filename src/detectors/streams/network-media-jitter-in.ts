import { jitterDetector } from './jitter.js';

export default jitterDetector('networkMediaJitterIn', 'inbound');
