import { jitterDetector } from './jitter.js';

export default jitterDetector('networkMediaJitterOut', 'outbound');
