import { limitationDetector } from './quality-limitation.js';

export default limitationDetector('cpuLimitation', 'cpu');
