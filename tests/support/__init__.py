"""What several test modules share: strategies, oracles written independently of the
library, reference scorers and walks, games played for the tests and the real cases."""
