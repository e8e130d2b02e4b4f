// The shared-state study, a case study of the demo.
import SharedStateStudy
